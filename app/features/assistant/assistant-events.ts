/** Any part of a page may open the chat window (the home page's buttons, the voice assistant's fallback). */
export const OPEN_CHAT_EVENT = "atelier:open-chat";

export function openChat(): void {
  window.dispatchEvent(new Event(OPEN_CHAT_EVENT));
}
