import { LineIcon } from "../line-icon";

/** Plain chat-bubble and paper-plane shapes (not the apps' trademarked logos). */
export function ChatBubbleIcon() {
  return (
    <LineIcon className="h-5 w-5 shrink-0" strokeWidth={2}>
      <path d="M21 11.5a8.4 8.4 0 0 1-12.3 7.5L3 21l2-5.4A8.4 8.4 0 1 1 21 11.5Z" />
    </LineIcon>
  );
}

export function PaperPlaneIcon() {
  return (
    <LineIcon className="h-5 w-5 shrink-0" strokeWidth={2}>
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4Z" />
    </LineIcon>
  );
}
