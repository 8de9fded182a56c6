package io.linestore.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * Runs {@code linestore} in this JVM as {@link Main} runs it (a plain read or index without picocli,
 * anything else through {@link CommandLine#execute}), with captured streams.
 */
final class Cli {

    private Cli() {
    }

    /** What one run printed and returned. */
    record Result(int exitCode, String out, String err, byte[] stdout, String stderr) {

        /** Standard output's raw bytes as UTF-8 text. */
        String stdoutText() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    static Result run(String... args) {
        return run(new byte[0], args);
    }

    static Result run(byte[] stdin, String... args) {
        return run(new ByteArrayInputStream(stdin), new ByteArrayOutputStream(), false, args);
    }

    static Result run(byte[] stdin, OutputStream stdout, String... args) {
        return run(new ByteArrayInputStream(stdin), stdout, false, args);
    }

    static Result run(OutputStream stdout, String... args) {
        return run(InputStream.nullInputStream(), stdout, false, args);
    }

    static Result runOnTerminal(String... args) {
        return run(InputStream.nullInputStream(), new ByteArrayOutputStream(), true, args);
    }

    /**
     * As {@link #run(OutputStream, String...)}, but through picocli even for a plain read: what a
     * {@link PlainRead} must equal.
     */
    static Result runThroughPicocli(OutputStream stdout, String... args) {
        return run(InputStream.nullInputStream(), stdout, false, false, true, args);
    }

    /**
     * As {@link Main} runs {@code args} (or through picocli), with picocli's writer of standard output
     * left as the command line sets it up, over {@code stdout}, so that what a command prints through
     * picocli and what a command run without it prints both reach {@code stdout}.
     */
    static Result runOnStandardOutput(OutputStream stdout, boolean asMain, String... args) {
        return run(InputStream.nullInputStream(), stdout, false, asMain, false, args);
    }

    private static Result run(InputStream stdin, OutputStream stdout, boolean terminal, String... args) {
        return run(stdin, stdout, terminal, true, true, args);
    }

    private static Result run(InputStream stdin, OutputStream stdout, boolean terminal, boolean asMain,
            boolean captureOut, String... args) {
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        StandardStreams streams = new StandardStreams(
                stdin, stdout, new PrintStream(stderr, true, StandardCharsets.UTF_8), terminal);
        Supplier<CommandLine> commandLine = () -> {
            CommandLine made = LinestoreCommand.newCommandLine(streams).setErr(new PrintWriter(err, true));
            return captureOut ? made.setOut(new PrintWriter(out, true)) : made;
        };
        int exitCode = asMain ? Main.run(streams, args, commandLine) : commandLine.get().execute(args);
        byte[] bytes = stdout instanceof ByteArrayOutputStream captured ? captured.toByteArray() : new byte[0];
        return new Result(exitCode, out.toString(), err.toString(), bytes, stderr.toString(StandardCharsets.UTF_8));
    }
}
