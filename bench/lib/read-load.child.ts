/**
 * Child entry of startReadLoad (read-load.ts): options as JSON in argv[2]; prints
 * `{"event":"loading"}` after the warm-up, loads until a line arrives on stdin (or stdin closes),
 * then prints `{"event":"done","results":[…]}` and exits.
 */
import { createInterface } from 'node:readline';
import { runReadLoad, type ReadLoadOptions } from './read-load';

const options = JSON.parse(process.argv[2] ?? '') as ReadLoadOptions;
const stop = new AbortController();
const input = createInterface({ input: process.stdin });
input.once('line', () => stop.abort());
input.once('close', () => stop.abort());
const results = await runReadLoad(options, stop.signal, () => process.stdout.write(`${JSON.stringify({ event: 'loading' })}\n`));
process.stdout.write(`${JSON.stringify({ event: 'done', results })}\n`, () => process.exit(0));
