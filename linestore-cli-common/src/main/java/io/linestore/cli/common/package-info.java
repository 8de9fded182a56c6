/**
 * What every linestore command shares, whichever jar it runs from: the {@link
 * io.linestore.cli.common.ExitCodes exit codes}, the {@link io.linestore.cli.common.ErrorReporter
 * error reporter} that prints one line per failure, and the {@link io.linestore.cli.common.Sizes
 * count and size} spellings ({@code 10M}, {@code 64KiB}) every option that takes a number accepts.
 */
package io.linestore.cli.common;
