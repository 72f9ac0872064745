/** `npm run readme`: regenerates the endpoint table of docs/endpoints.md from the route table. */
import { routes } from '../api/routes/index.js';
import { updateReadme } from './readme-routes.js';

await updateReadme(routes);
console.log(`docs/endpoints.md endpoint table: ${routes.length} routes.`);
