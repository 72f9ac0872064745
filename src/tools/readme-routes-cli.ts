/** `npm run readme`: regenerates README.md's endpoint table from the route table. */
import { routes } from '../api/routes/index.js';
import { updateReadme } from './readme-routes.js';

await updateReadme(routes);
console.log(`README.md endpoint table: ${routes.length} routes.`);
