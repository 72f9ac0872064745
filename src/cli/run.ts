/** Entry point of bin/svc-mock.js. */
import { buildProgram } from './main.js';

await buildProgram().parseAsync(process.argv);
