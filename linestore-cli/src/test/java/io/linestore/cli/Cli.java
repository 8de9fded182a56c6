package io.linestore.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** Runs {@code linestore} in this JVM through {@link CommandLine#execute} with captured streams. */
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

    private static Result run(InputStream stdin, OutputStream stdout, boolean terminal, String... args) {
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = LinestoreCommand.newCommandLine(new StandardStreams(
                stdin, stdout, new PrintStream(stderr, true, StandardCharsets.UTF_8), terminal));
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        byte[] bytes = stdout instanceof ByteArrayOutputStream captured ? captured.toByteArray() : new byte[0];
        return new Result(exitCode, out.toString(), err.toString(), bytes, stderr.toString(StandardCharsets.UTF_8));
    }
}
