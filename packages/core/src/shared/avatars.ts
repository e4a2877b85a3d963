/**
 * The eight preset avatars a person can choose on Profile Settings (spec 2 §2, §9). They are
 * drawn in code and served at `/api/avatars/{name}.svg`; `profileImageUrl` accepts only these.
 */
export const AVATAR_NAMES = ["fox", "owl", "bear", "cat", "rabbit", "penguin", "frog", "panda"] as const;
export type AvatarName = (typeof AVATAR_NAMES)[number];

export const avatarUrl = (name: AvatarName) => `/api/avatars/${name}.svg`;

export const AVATAR_URLS: readonly string[] = AVATAR_NAMES.map(avatarUrl);

export const isAvatarUrl = (url: string) => AVATAR_URLS.includes(url);
