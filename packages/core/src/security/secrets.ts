/**
 * Where the API finds the key that signs its page markers (paging/cursor.ts): a secret the stack
 * generates (stacks/Api.ts), the same for every instance, so a page marker made by one is good at
 * another. Plain data: the stacks read it.
 */
export const CURSOR_SECRET_ENV = "CURSOR_SECRET";
