/** The messaging app's chat link: wa.me with the number's digits and a message prefilled in the page's language. */
export function whatsappLink(number: string, message: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(message)}`;
}
