import { lineIcon } from "../../components/line-icon";

export const ChatIcon = lineIcon(
  "M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z",
  "M8 8.5h8M8 11.5h5",
);
export const MailIcon = lineIcon(<rect x="3" y="5" width="18" height="14" rx="2.5" />, "m4 7 8 6 8-6");
export const SendIcon = lineIcon("M21 3 3 10.5l7 2.5 2.5 7z", "m10 13 5-5");
export const PhoneIcon = lineIcon("M5 3.5h3l1.5 4-2 1.5a11 11 0 0 0 7.5 7.5l1.5-2 4 1.5v3a2 2 0 0 1-2 2A17 17 0 0 1 3 5.5a2 2 0 0 1 2-2");
export const PeopleIcon = lineIcon(
  <circle cx="9" cy="8" r="3.2" />,
  "M3 19.5c.6-3.2 3-5 6-5s5.4 1.8 6 5",
  <circle cx="17" cy="9" r="2.4" />,
  "M16.5 14.6c2.3.2 4 1.7 4.5 4.4",
);
export const MegaphoneIcon = lineIcon("M3 10v4a1 1 0 0 0 1 1h3l8 4V5L7 9H4a1 1 0 0 0-1 1", "M7 15l1.5 5M18.5 9.5a3.5 3.5 0 0 1 0 5");
export const ClockIcon = lineIcon(<circle cx="12" cy="12" r="9" />, "M12 7v5l3.5 2");
export const TagIcon = lineIcon(
  "M3 12.2V4a1 1 0 0 1 1-1h8.2a1 1 0 0 1 .7.3l7.8 7.8a1 1 0 0 1 0 1.4l-8.2 8.2a1 1 0 0 1-1.4 0l-7.8-7.8a1 1 0 0 1-.3-.7",
  <circle cx="8" cy="8" r="1.5" />,
);
export const BoltIcon = lineIcon("M13 2 4 14h7l-1 8 9-12h-7z");
export const ShieldIcon = lineIcon("M12 3 4.5 6v5.5c0 4.6 3.1 8.3 7.5 9.5 4.4-1.2 7.5-4.9 7.5-9.5V6z", "m8.5 12 2.5 2.5 4.5-5");
export const KeyIcon = lineIcon(<circle cx="8" cy="15" r="4" />, "m11 12 9-9M16 7l3 3M14 9l2 2");
export const GlobeIcon = lineIcon(
  <circle cx="12" cy="12" r="9" />,
  "M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3",
);
export const MapPinIcon = lineIcon("M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21", <circle cx="12" cy="9.5" r="2.5" />);
export const WarningIcon = lineIcon("M10.3 4 2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 4a2 2 0 0 0-3.4 0", "M12 9.5v4.5M12 17.2v.1");
