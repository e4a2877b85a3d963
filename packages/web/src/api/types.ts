import { z } from "zod";

// Shapes of the API's answers, as the web reads them. Objects are not strict on purpose:
// the server may add fields, and the web keeps only what it knows.

export const userTypeSchema = z.enum(["customer", "printer_owner", "both"]);
export type UserType = z.infer<typeof userTypeSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  userType: userTypeSchema,
  zipCode: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const statsSchema = z.object({
  printersNearby: z.number(),
  printsThisMonth: z.number(),
  totalPrinters: z.number(),
  totalOrders: z.number(),
});
export type Stats = z.infer<typeof statsSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

export const errorBodySchema = z.object({
  message: z.string().min(1),
  code: z.string().optional(),
});

export const loginPayloadSchema = z.object({ email: z.string(), password: z.string() });
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

export const registerPayloadSchema = z.object({
  username: z.string(),
  email: z.string(),
  password: z.string(),
});
export type RegisterPayload = z.infer<typeof registerPayloadSchema>;
