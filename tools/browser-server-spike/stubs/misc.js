// Assorted stubs; each export is named after what imports it.
export default {};
