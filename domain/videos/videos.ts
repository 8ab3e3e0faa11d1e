export const VIDEO_PLATFORMS = ["Netflix", "Prime Video"] as const;
