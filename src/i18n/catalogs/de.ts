import { defineCatalog } from '../catalog';

export default defineCatalog('de', {});
