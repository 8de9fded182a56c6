package io.linestore.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What a finished child process printed and returned, for the tests that start the launcher or a
 * JVM; {@link #run} starts one.
 *
 * @param exitCode its exit status
 * @param stdout its standard output, as bytes
 * @param stderr its standard error
 */
record ProcessRun(int exitCode, byte[] stdout, String stderr) {

    /** Standard output's bytes as UTF-8 text. */
    String stdoutText() {
        return new String(stdout, StandardCharsets.UTF_8);
    }

    /**
     * Runs {@code command} in {@code directory} and waits for it (two minutes at most). The test
     * JVM's {@code JAVA_HOME} is not passed on, since it would decide which JDK the launcher takes;
     * {@code env} may set it.
     */
    static ProcessRun run(Path directory, Map<String, String> env, Path stdin, List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("JAVA_HOME");
        builder.environment().putAll(env);
        builder.directory(directory.toFile());
        builder.redirectInput(ProcessBuilder.Redirect.from(stdin.toFile()));
        try {
            Path stderr = Files.createTempFile(directory, "stderr", ".txt");
            builder.redirectError(stderr.toFile());
            Process process = builder.start();
            byte[] stdout = process.getInputStream().readAllBytes();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("timed out: " + String.join(" ", command));
            }
            return new ProcessRun(process.exitValue(), stdout, Files.readString(stderr));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
