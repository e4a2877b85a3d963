import { useSignedInUser } from "../auth/signedInUser";
import { Avatar } from "../components/Avatar";
import { PageBody, PageHeading } from "../components/PageHeading";
import { displayName } from "../lib/initials";

const accountTypeLabel = { customer: "Customer", printer_owner: "Printer Owner", both: "Customer & Printer Owner" } as const;

export function ProfilePage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeading title="Profile Settings" subtitle="Your account details." />
      <PageBody className="max-w-3xl">
        <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <Avatar user={user} className="h-16 w-16 text-xl" />
          <div>
            <p className="text-lg font-semibold text-slate-900">{displayName(user)}</p>
            <p className="text-slate-600">{user.email}</p>
          </div>
        </div>
        <dl className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-500">Username</dt>
            <dd className="font-medium text-slate-900">{user.username}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-500">Account type</dt>
            <dd className="font-medium text-slate-900">{accountTypeLabel[user.userType]}</dd>
          </div>
        </dl>
      </PageBody>
    </>
  );
}
