/** Where every API call lives (SPEC §7). */
export const API_PREFIX = '/uktNEW/api';
