/**
 * The subcommands of {@code linestore} that work on stores: build, index, read, info, verify. Each
 * prints through picocli's writers and the {@link io.linestore.cli.StandardStreams} it is given,
 * and signals bad usage with {@link picocli.CommandLine.ParameterException}.
 */
package io.linestore.cli.command;
