/** The data exports module's face: its routes (Settings → Advanced, docs/product.md §3 Data export). */
export { dataExportsRoutes } from './data-exports.routes';
