const PHONE_CHARACTERS = /^\+?[0-9\s().\-/]+(?:\s*(?:ext\.?|x)\s*[0-9]{1,6})?$/i;

/** A phone number as people type it: digits with spaces, dashes, dots, parentheses, a leading +, an extension; 7 to 20 digits. */
export function isPlausiblePhone(value: string): boolean {
  const text = value.trim();
  if (!PHONE_CHARACTERS.test(text)) return false;
  const digits = text.replace(/(?:ext\.?|x)\s*[0-9]+$/i, "").replace(/\D/g, "").length;
  return digits >= 7 && digits <= 20;
}

/** The stored message of an assistant contact: the service asked about, then what the visitor said. */
export function assistantMessage(service: string | null | undefined, message: string): string {
  return service ? `Service: ${service}\n\n${message}` : message;
}
