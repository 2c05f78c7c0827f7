/**
 * The learners' resource library (issue 15; spec §7 "Resources"): folders, files, search, premium
 * files and banner clicks for signed-in learners.
 */
export {};
