import { type ReactNode, useLayoutEffect, useRef } from "react";

/**
 * A table of the staff console: its column headings, then the rows the panel draws. On a phone
 * each row is a card of "Column: value" lines (`.stack-table` in styles.css); the cells' labels are
 * set here from the columns after each render, so the panels draw plain rows.
 */
export function StaffTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  const table = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    for (const row of table.current?.tBodies[0]?.rows ?? []) {
      [...row.cells].forEach((cell, i) => {
        cell.dataset.label = columns[i] ?? "";
      });
    }
  });
  return (
    <div className="mt-3 sm:overflow-x-auto">
      <table ref={table} className="stack-table w-full text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="py-2 pr-4">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A found account or printer: its name, facts, suspension line and its action. */
export function FoundRow({ title, facts, alert, action }: { title: ReactNode; facts: string; alert: string | null; action: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-medium text-slate-900">{title}</p>
        <p className="text-sm text-slate-600">{facts}</p>
        {alert ? <p className="text-sm font-medium text-red-700">{alert}</p> : null}
      </div>
      {action}
    </li>
  );
}
