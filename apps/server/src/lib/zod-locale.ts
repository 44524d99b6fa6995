import { z } from 'zod';

// Validation messages reach examiners and the committee: zod's own ones in Indonesian too.
// Messages the shared schemas set themselves take precedence.
z.config(z.locales.id());
