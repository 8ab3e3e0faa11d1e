/** A save over a record changed since the admin read it (409): what the admin is told, on every screen. */

export const STALE_EDIT_MESSAGE = "This was changed by someone else since you opened it. Reload to see the latest version.";
