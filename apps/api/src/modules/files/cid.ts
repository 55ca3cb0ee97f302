import { createHash } from 'node:crypto';

const BASE32_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** CID version 1, multicodec raw (0x55), multihash sha2-256 (0x12) of 32 bytes (0x20): each fits one varint byte. */
const RAW_SHA256_PREFIX = Uint8Array.of(0x01, 0x55, 0x12, 0x20);

/** RFC 4648 base32, lower case, without padding (IPFS multibase 'b'). */
function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** The IPFS CIDv1 (raw codec, sha2-256, base32) of these bytes: what `ipfs add --raw-leaves --cid-version 1` gives a single-block file. */
export function cidOf(bytes: Uint8Array): string {
  const digest = createHash('sha256').update(bytes).digest();
  const cidBytes = new Uint8Array(RAW_SHA256_PREFIX.length + digest.length);
  cidBytes.set(RAW_SHA256_PREFIX);
  cidBytes.set(digest, RAW_SHA256_PREFIX.length);
  return `b${base32(cidBytes)}`;
}
