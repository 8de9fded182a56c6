package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.cli.common.ErrorReporter;
import io.linestore.cli.common.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** A JVM error is reported in one line without a stack trace, and output lost to a full disk exits 1. */
class GuardedExecutionTest {

    @TempDir
    Path tmp;

    @Test
    void outputThatCannotBeWrittenIsAFailure() throws IOException {
        Path store = TestStores.single(tmp);
        StringWriter err = new StringWriter();
        CommandLine commandLine = LinestoreCommand.newCommandLine(new StandardStreams(InputStream.nullInputStream(),
                new ByteArrayOutputStream(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                false));
        commandLine.setOut(new PrintWriter(new FullDisk()));
        commandLine.setErr(new PrintWriter(err, true));

        int exitCode = commandLine.execute("info", store.toString());

        assertThat(exitCode).isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString()).isEqualTo("linestore info: cannot write to standard output (disk full, or the"
                + " output closed)" + System.lineSeparator());
    }

    @Test
    void anErrorIsOneLineWithoutAStackTrace() {
        StringWriter err = new StringWriter();
        CommandLine commandLine = ErrorReporter.install(new CommandLine(new Faulty()))
                .setExecutionStrategy(new GuardedExecution());
        commandLine.setErr(new PrintWriter(err, true));

        int exitCode = commandLine.execute();

        assertThat(exitCode).isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString()).hasLineCount(1).contains("faulty: internal error")
                .contains("a fault occurred in an unsafe memory access operation");
    }

    @Command(name = "faulty")
    private static final class Faulty implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new InternalError("a fault occurred in an unsafe memory access operation");
        }
    }

    /** A writer like {@code /dev/full}: every write fails. */
    private static final class FullDisk extends Writer {
        @Override
        public void write(char[] chars, int offset, int length) throws IOException {
            throw new IOException("No space left on device");
        }

        @Override
        public void flush() throws IOException {
            throw new IOException("No space left on device");
        }

        @Override
        public void close() {
        }
    }
}
