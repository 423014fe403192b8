// The subscribe form's solver (Vitrine): altcha-lib's worker handler with its WebCrypto SHA key derivation.
import { handler } from './shared.js';
import { deriveKey } from '../algorithms/web/sha.js';
handler({ deriveKey });
