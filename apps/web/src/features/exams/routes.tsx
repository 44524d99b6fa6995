import type React from 'react';

/** The exam screens the router mounts behind the guard; filled in by the exam screens. */
export const examRoutes: { path: string; Component: React.LazyExoticComponent<React.ComponentType> }[] = [];
