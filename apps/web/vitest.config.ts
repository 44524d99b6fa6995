import { defineProject } from 'vitest/config';

// Pure logic of the screens (clock maths, row rules, fisik progress); the screens themselves are tested in e2e/.
export default defineProject({ test: { name: 'web', include: ['src/**/*.test.ts'], environment: 'node' } });
