import { AVATAR_NAMES, avatarUrl } from "@printhood/core/shared/avatars";
import { EMAIL_KIND_LABELS, EMAIL_KINDS, type EmailKind } from "@printhood/core/shared/email-kinds";
import { type FormEvent, useState } from "react";
import { useUpdateProfile } from "../api/profile";
import type { ProfileBody, User } from "../api/types";
import { useSignedInUser } from "../auth/signedInUser";
import { Avatar } from "../components/Avatar";
import { PageBody, PageHeading } from "../components/PageHeading";
import { TextField } from "../components/TextField";
import { displayName } from "../lib/initials";
import { useFieldErrors } from "../lib/useFieldErrors";

const accountTypeLabel = { customer: "Customer", printer_owner: "Printer Owner", both: "Customer & Printer Owner" } as const;

const cardClass = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

/** The details form's inputs by the API's field names (the server's refusal names the field: useFieldErrors). */
const PROFILE_IDS: Record<string, string> = {
  username: "profile-username",
  firstName: "profile-first-name",
  lastName: "profile-last-name",
  zipCode: "profile-zip",
};
const profileId = (field: string) => PROFILE_IDS[field] ?? `profile-${field}`;
/** The fields a refusal is said under (the toast then does not repeat it). */
const DETAIL_FIELDS = Object.keys(PROFILE_IDS);

/** The details form: username, names, avatar, ZIP. Sends only what changed. */
function DetailsForm({ user }: { user: User }) {
  const [username, setUsername] = useState(user.username);
  const [firstName, setFirstName] = useState(user.firstName ?? "");
  const [lastName, setLastName] = useState(user.lastName ?? "");
  const [zipCode, setZipCode] = useState(user.zipCode ?? "");
  const [avatar, setAvatar] = useState<string | null>(user.profileImageUrl);
  const update = useUpdateProfile(user.id, DETAIL_FIELDS);
  const errors = useFieldErrors(profileId, update.error, update.reset);
  /** A field's setter that also clears the error under it. */
  const edit = (field: string, set: (v: string) => void) => (v: string) => {
    set(v);
    errors.edited(field);
  };

  const changes: ProfileBody = {};
  if (username.trim() !== user.username) changes.username = username.trim();
  if (firstName.trim() !== (user.firstName ?? "")) changes.firstName = firstName.trim();
  if (lastName.trim() !== (user.lastName ?? "")) changes.lastName = lastName.trim();
  if (zipCode.trim() !== (user.zipCode ?? "")) changes.zipCode = zipCode.trim();
  if (avatar !== user.profileImageUrl) changes.profileImageUrl = avatar;
  const changed = Object.keys(changes).length > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changed) update.mutate(changes);
  };

  return (
    <form onSubmit={submit} className={cardClass} aria-labelledby="details-heading">
      <h2 id="details-heading" className="text-lg font-semibold text-slate-900">
        Your details
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          id="profile-username"
          label="Username"
          value={username}
          onChange={(e) => edit("username", setUsername)(e.target.value)}
          error={errors.errorOf("username")}
          required
          minLength={3}
          maxLength={30}
          autoComplete="username"
        />
        <TextField
          id="profile-email"
          label="Email"
          value={user.email}
          readOnly
          aria-readonly="true"
          inputClassName="bg-slate-50 text-slate-600"
        />
        <TextField
          id="profile-first-name"
          label="First name"
          value={firstName}
          onChange={(e) => edit("firstName", setFirstName)(e.target.value)}
          error={errors.errorOf("firstName")}
          maxLength={60}
          autoComplete="given-name"
        />
        <TextField
          id="profile-last-name"
          label="Last name"
          value={lastName}
          onChange={(e) => edit("lastName", setLastName)(e.target.value)}
          error={errors.errorOf("lastName")}
          maxLength={60}
          autoComplete="family-name"
        />
        <TextField
          id="profile-zip"
          label="ZIP code"
          value={zipCode}
          onChange={(e) => edit("zipCode", setZipCode)(e.target.value.replace(/\D/g, "").slice(0, 5))}
          error={errors.errorOf("zipCode")}
          inputMode="numeric"
          pattern="\d{5}"
          maxLength={5}
          autoComplete="postal-code"
        />
        <div>
          <p className="block text-sm font-medium text-slate-700">Account type</p>
          <p className="mt-2 text-slate-900">{accountTypeLabel[user.userType]}</p>
        </div>
      </div>

      <fieldset className="mt-6">
        <legend className="text-sm font-medium text-slate-700">Avatar</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {AVATAR_NAMES.map((name) => {
            const url = avatarUrl(name);
            const chosen = avatar === url;
            return (
              <label key={name} className="cursor-pointer">
                <input
                  type="radio"
                  name="avatar"
                  value={url}
                  checked={chosen}
                  onChange={() => setAvatar(url)}
                  className="peer sr-only"
                  aria-label={`${name[0]?.toUpperCase()}${name.slice(1)} avatar`}
                />
                <img
                  src={url}
                  alt=""
                  className={`h-14 w-14 rounded-full ring-2 ring-offset-2 peer-focus-visible:ring-brand-500 ${chosen ? "ring-brand-600" : "ring-transparent hover:ring-slate-300"}`}
                />
              </label>
            );
          })}
          <label className="cursor-pointer">
            <input
              type="radio"
              name="avatar"
              value=""
              checked={avatar === null}
              onChange={() => setAvatar(null)}
              className="peer sr-only"
              aria-label="No avatar (initials)"
            />
            <span
              className={`flex h-14 w-14 items-center justify-center rounded-full bg-slate-100 text-xs font-medium text-slate-600 ring-2 ring-offset-2 peer-focus-visible:ring-brand-500 ${avatar === null ? "ring-brand-600" : "ring-transparent hover:ring-slate-300"}`}
            >
              None
            </span>
          </label>
        </div>
      </fieldset>

      <button
        type="submit"
        disabled={!changed || update.isPending}
        className="mt-6 rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {update.isPending ? "Saving…" : "Save Changes"}
      </button>
    </form>
  );
}

/** The four kinds of e-mail, each a switch saved at once (DECISIONS.md "E-mail"). */
function EmailPreferences({ user }: { user: User }) {
  const update = useUpdateProfile(user.id);
  const prefs = user.emailPreferences;
  const toggle = (kind: EmailKind) => update.mutate({ emailPreferences: { ...prefs, [kind]: !prefs[kind] } });

  return (
    <section aria-labelledby="email-heading" className={cardClass}>
      <h2 id="email-heading" className="text-lg font-semibold text-slate-900">
        E-mail notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">Choose which e-mails we send you. The bell in the header still shows everything.</p>
      <ul className="mt-4 space-y-3">
        {EMAIL_KINDS.map((kind) => (
          <li key={kind}>
            <label className="flex items-center justify-between gap-4">
              <span className="text-sm text-slate-800">{EMAIL_KIND_LABELS[kind]}</span>
              <input
                type="checkbox"
                role="switch"
                aria-checked={prefs[kind]}
                checked={prefs[kind]}
                disabled={update.isPending}
                onChange={() => toggle(kind)}
                className="h-6 w-9 shrink-0 cursor-pointer accent-brand-600"
              />
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Profile Settings (spec 2 §2, issue 10): the details, the avatar and the e-mail preferences. */
export function ProfilePage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeading title="Profile Settings" subtitle="Your account details, avatar and e-mail preferences." />
      <PageBody className="max-w-3xl space-y-6">
        <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <Avatar user={user} className="h-16 w-16 text-xl" />
          <div>
            <p className="text-lg font-semibold text-slate-900">{displayName(user)}</p>
            <p className="text-slate-600">{user.email}</p>
          </div>
        </div>
        <DetailsForm key={`${user.username}|${user.firstName}|${user.lastName}|${user.zipCode}|${user.profileImageUrl}`} user={user} />
        <EmailPreferences user={user} />
      </PageBody>
    </>
  );
}
