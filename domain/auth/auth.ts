export const MIN_PASSWORD_LENGTH = 10;

export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";
export const LAST_ADMIN_MESSAGE = "The last admin cannot be removed";
