import type { Verification } from "../../api/types";

const mm = (n: number) => `${n.toFixed(2)} mm`;
const signed = (n: number) => `${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n).toFixed(2)} mm`;

/**
 * An attempt's measurements, dimension by dimension (issue 21): the nominal size, what was measured,
 * the difference, the tolerance (±0.5 mm or 1%, the larger) and whether it is within. The owner's
 * screen and staff's queue show the same table.
 */
export function ResultsTable({ verification, caption }: { verification: Verification; caption: string }) {
  const outside = verification.results.filter((r) => !r.withinTolerance).length;
  return (
    <div className="sm:overflow-x-auto">
      <table className="stack-table w-full text-left text-sm sm:min-w-[36rem]">
        <caption className="mb-2 text-left font-semibold text-slate-900">
          {caption}:{" "}
          <span className={outside ? "text-red-700" : "text-green-700"}>
            {outside === 0
              ? "every dimension within tolerance"
              : `${outside} of ${verification.results.length} dimensions outside tolerance`}
          </span>
        </caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Dimension
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Nominal
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Measured
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Difference
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Tolerance
            </th>
            <th scope="col" className="py-2 font-medium">
              Result
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {verification.results.map((r) => (
            <tr key={r.key}>
              <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                {r.key}: {r.label} ({r.axis})
              </th>
              <td data-label="Nominal" className="py-2 pr-3 text-slate-700">
                {mm(r.nominalMm)}
              </td>
              <td data-label="Measured" className="py-2 pr-3 text-slate-900">
                {mm(r.measuredMm)}
              </td>
              <td data-label="Difference" className="py-2 pr-3 text-slate-700">
                {signed(r.deviationMm)}
              </td>
              <td data-label="Tolerance" className="py-2 pr-3 text-slate-700">
                ±{r.toleranceMm.toFixed(2)} mm
              </td>
              <td data-label="Result" className={`py-2 font-semibold ${r.withinTolerance ? "text-green-700" : "text-red-700"}`}>
                {r.withinTolerance ? "Within tolerance" : "Outside tolerance"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
