/** Entry point of bin/svc-mock.js. */
import { buildProgram } from './main.js';

await buildProgram(process.argv[2]).parseAsync(process.argv);
