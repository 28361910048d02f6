// The size of a text part as an e-mail carries it (RFC 2045: base64 and quoted-printable), which is what Gmail measures
// when it clips a message (docs/destinations.md#e-mail). The sender picks the smaller of the two for each message
// (outbound/smtp.ts), and a message's leads are counted against that size (domain/webhooks/email-message.ts).

// Base64 (RFC 2045 6.8): 4 characters for each 3 bytes, in lines of 76 characters (57 bytes) ended by CRLF.
const base64Size = (bytes: number) => Math.ceil(bytes / 3) * 4 + Math.ceil(bytes / 57) * 2

// Quoted-printable (RFC 2045 6.7): a printable ASCII byte but "=" is itself; a line break is CRLF; any other byte is
// "=" and two hex digits. Lines are at most 76 characters: a soft break ("=" CRLF) after every 73 or so.
function quotedPrintableSize(bytes: Uint8Array) {
  let size = 0
  for (const b of bytes) size += b === 10 ? 2 : (b >= 32 && b <= 126 && b !== 61) || b === 9 ? 1 : 3
  return size + Math.ceil(size / 73) * 3
}

/** Both sizes of a text, to add up over its pieces. */
export type EncodedSizes = { base64: number; quotedPrintable: number }

export function encodedSizes(text: string): EncodedSizes {
  const bytes = Buffer.from(text)
  return { base64: base64Size(bytes.length), quotedPrintable: quotedPrintableSize(bytes) }
}

/** The transfer encoding that carries `text` in fewer bytes. */
export function smallerEncoding(text: string): 'base64' | 'quoted-printable' {
  const sizes = encodedSizes(text)
  return sizes.base64 < sizes.quotedPrintable ? 'base64' : 'quoted-printable'
}
