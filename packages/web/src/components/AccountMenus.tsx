import type { User } from "../api/types";
import { NotificationsBell } from "./NotificationsBell";
import { ProfileMenu } from "./ProfileMenu";

/** A signed-in person's corner of the header: the notifications bell and the profile menu (loaded lazily by Header). */
export function AccountMenus({ user }: { user: User }) {
  return (
    <>
      <NotificationsBell userId={user.id} />
      <ProfileMenu user={user} />
    </>
  );
}
