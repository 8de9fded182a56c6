/**
 * Deterministic, self-verifying test data for linestore: {@link io.linestore.gen.Generator} writes
 * lines whose content is a pure function of (seed, options, line number), and
 * {@link io.linestore.gen.LineCheck} checks any line read back without the source file.
 * {@link io.linestore.gen.GenCommand} is the {@code gen} command line on top of both.
 */
package io.linestore.gen;
