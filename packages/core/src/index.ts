// The domain of UKT Penguji: every rule of SPEC §5, §6 and §9 and the API's shared schemas.

export * from './contract';
export * from './rules/belts';
export * from './rules/card-code';
export * from './rules/card-scan';
export * from './rules/dates';
export * from './rules/exam-marks';
export * from './rules/exams';
export * from './rules/fisik';
export * from './rules/items';
export * from './rules/keshan';
export * from './rules/komponen';
export * from './rules/numbers';
export * from './rules/panitia';
export * from './rules/pasang';
export * from './rules/pass-rule';
export * from './rules/phone';
export * from './rules/posts';
export * from './rules/random';
export * from './rules/scales';
export * from './schemas/auth';
export * from './schemas/common';
export * from './schemas/keshan';
export * from './schemas/nilai';
export * from './schemas/pass-rule';
export * from './schemas/roster';
export * from './schemas/siswa';
