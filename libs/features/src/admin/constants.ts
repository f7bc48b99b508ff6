/** Where the broadcast banner asks admins to write (spec 02 §2). */
export const SUPPORT_EMAIL = 'support@pando.health';
