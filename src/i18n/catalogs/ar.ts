import { defineCatalog } from '../catalog';

export default defineCatalog('ar', {});
