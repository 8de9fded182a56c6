/**
 * The {@code linestore} command: the root command, its error handling and how it reaches the
 * process's standard streams. Start with {@link io.linestore.cli.Main}.
 */
package io.linestore.cli;
