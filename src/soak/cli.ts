/** `npm run soak [-- --duration 45 --queues 1000 --users 50 --seed 1]`: runs a soak and prints its figures. */
import { parseSoakArgs, type SoakOptions } from './options.js';
import { runSoak } from './run.js';
import { formatReport } from './verdict.js';

let options: SoakOptions;
try {
  options = parseSoakArgs(process.argv.slice(2));
} catch (error) {
  console.error(`soak: ${(error as Error).message}`);
  process.exit(2);
}
console.log(
  `soak: starting the server and ${options.queues} queues; ${options.durationSec} s of traffic, then the checks`,
);
const report = await runSoak(options);
console.log(formatReport(report));
process.exit(report.failures.length ? 1 : 0);
