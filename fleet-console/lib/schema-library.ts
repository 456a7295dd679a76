/**
 * The schemas' library (zod), set up for the console's pages and its broker worker: their
 * content security policy forbids `eval`, so zod's compiled parsers can never run here, yet
 * zod finds that out by trying `new Function` on its first parse. The refused try costs a
 * security-policy violation and an error whose stack the browser works out by parsing the
 * scripts on it again, 25–50 ms in one task on a two-core machine. Jitless, zod does not try.
 * Each entry imports this module before it parses anything.
 */
import { z } from 'zod';

z.config({ jitless: true });
