// Static Pix BR Code ("copia e cola"): EMV QRCPS TLV fields as the Banco
// Central's BR Code manual lists them, closed by a CRC16-CCITT-FALSE.
// Pure and shared: the server draws the QR from it, tests parse it back.

type PixPayload = {
  /** Normalised key: CPF/CNPJ digits, lower-case e-mail, +55… phone or UUID. */
  key: string;
  name: string;
  city: string;
  /** Two decimals, 0.01–999999.99; absent: the payer types it. */
  amount?: number | null;
  message?: string | null;
};

function field(id: string, value: string): string {
  const length = value.length;
  if (length > 99) throw new RangeError(`BR Code field ${id} longer than 99 characters`);
  return id + String(length).padStart(2, "0") + value;
}

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF), four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Merchant name and city are ASCII in the manual: diacritics dropped, anything else outside printable ASCII removed. */
export function toBrCodeText(value: string, max: number): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "")
    .trim()
    .slice(0, max);
}

export function buildPixCode(p: PixPayload): string {
  const accountStart = field("00", "br.gov.bcb.pix") + field("01", p.key);
  // Field 26 holds at most 99 characters: a long key (an e-mail has up to 77)
  // leaves less room for the message, which is cut to fit (or left out).
  const room = 99 - accountStart.length - 4;
  const message = p.message && room > 0 ? toBrCodeText(p.message, Math.min(40, room)) : "";
  const account = accountStart + (message ? field("02", message) : "");
  const body =
    field("00", "01") +
    field("26", account) +
    field("52", "0000") +
    field("53", "986") +
    (p.amount != null ? field("54", p.amount.toFixed(2)) : "") +
    field("58", "BR") +
    field("59", toBrCodeText(p.name, 25)) +
    field("60", toBrCodeText(p.city, 15)) +
    field("62", field("05", "***")) +
    "6304";
  return body + crc16(body);
}
