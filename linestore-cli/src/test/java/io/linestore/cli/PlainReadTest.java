package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.cli.common.ExitCodes;
import io.linestore.cli.common.Sizes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * A plain {@code read STORE OFFSET SIZE}, run without picocli, prints, reports and exits exactly as
 * picocli's run of the same command line: every case runs both ways and compares standard output's
 * bytes, the error text and the exit code. Every other command line is left to picocli.
 * Alone: one case sets picocli's switches for the whole process, which other classes' commands read.
 */
@Isolated
class PlainReadTest {

    @TempDir
    Path tmp;

    @Test
    void readsOfStoresAndAnIndexedFileEqualPicocliRuns() {
        Path single = TestStores.single(tmp);
        Path sharded = TestStores.sharded(tmp);
        Path text = TestStores.writeText(tmp);
        assertThat(Cli.run("index", text.toString()).exitCode()).isZero();
        List<String[]> cases = new ArrayList<>();
        for (Path store : List.of(single, sharded, text)) {
            String name = store.toString();
            cases.add(new String[] {"read", name, "0", "10"});
            cases.add(new String[] {"read", name, "495", "10"});
            cases.add(new String[] {"read", name, "500", "1"});
            cases.add(new String[] {"read", name, "1k", "1"});
            cases.add(new String[] {"read", name, "7", "0"});
            cases.add(new String[] {"read", name, "0003", "2"});
            cases.add(new String[] {"read", name, "0", "1M"});
        }
        for (String[] args : cases) {
            Cli.Result result = assertSameAsPicocli(args);
            long first = Math.min(Sizes.parseCount(args[2]), TestStores.LINE_COUNT);
            long end = Math.min(first + Sizes.parseCount(args[3]), TestStores.LINE_COUNT);
            assertThat(result.exitCode()).as(result.err()).isZero();
            assertThat(result.stdout()).as("lines of %s", List.of(args))
                    .isEqualTo(TestStores.joined(TestStores.lines().subList((int) first, (int) end)));
        }
    }

    /** With picocli told to trim quotes or trace, picocli reads every command line. */
    @Test
    void picoclisSwitchesLeaveEveryReadToPicocli() {
        for (String property : List.of("picocli.trimQuotes", "picocli.trace")) {
            System.setProperty(property, "false");
            try {
                assertThat(PlainRead.of("read", "store", "0", "1")).as(property).isEmpty();
            } finally {
                System.clearProperty(property);
            }
        }
        assertThat(PlainRead.of("read", "store", "0", "1")).isPresent();
    }

    /** Seeded random ranges over a sharded store, past its end too. */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {0, 1, 2, 3})
    void randomRangesEqualPicocliRuns(long seed) {
        Path store = TestStores.sharded(tmp);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < 25; i++) {
            long offset = random.nextLong(TestStores.LINE_COUNT + 20);
            long size = random.nextLong(TestStores.LINE_COUNT / 4);
            assertSameAsPicocli("read", store.toString(), Long.toString(offset), Long.toString(size));
        }
    }

    @Test
    void failuresAreReportedAsPicocliReportsThem() throws IOException {
        Path notIndexed = Files.writeString(tmp.resolve("plain.txt"), "a\nb\n");
        Path damaged = TestStores.single(tmp);
        try (Stream<Path> files = Files.walk(damaged)) {
            Path data = files.filter(file -> file.toString().endsWith(".lines")).findFirst().orElseThrow();
            try (FileChannel channel = FileChannel.open(data, StandardOpenOption.WRITE)) {
                channel.truncate(channel.size() / 2);
            }
        }

        for (Path store : List.of(tmp.resolve("nowhere"), notIndexed, damaged)) {
            Cli.Result result = assertSameAsPicocli("read", store.toString(), "0", "500");
            assertThat(result.exitCode()).isEqualTo(ExitCodes.FAILURE);
            assertThat(result.err()).startsWith("linestore read: ").hasLineCount(1);
        }
    }

    @Test
    void outputThatCannotBeWrittenEndsAsWithPicocli() {
        String store = TestStores.single(tmp).toString();
        for (String problem : List.of("Broken pipe", "No space left on device")) {
            String[] args = {"read", store, "0", "500"};
            Cli.Result plain = Cli.run(new FailingOutput(problem), args);
            Cli.Result picocli = Cli.runThroughPicocli(new FailingOutput(problem), args);

            assertThat(plain).usingRecursiveComparison().isEqualTo(picocli);
        }
    }

    /** An {@link Error} is reported as {@link GuardedExecution} reports it for picocli: one line, the root's name. */
    @Test
    void anErrorIsReportedAsGuardedExecutionReportsIt() {
        String[] args = {"read", TestStores.single(tmp).toString(), "0", "1"};
        StringWriter err = new StringWriter();
        CommandLine commandLine = LinestoreCommand.newCommandLine(new StandardStreams(
                        InputStream.nullInputStream(), OutputStream.nullOutputStream(), System.err, false))
                .setErr(new PrintWriter(err, true));

        int exitCode = PlainRead.of(args).orElseThrow()
                .report(new InternalError("a fault occurred in an unsafe memory access operation"), commandLine);

        assertThat(exitCode).isEqualTo(ExitCodes.FAILURE);
        assertThat(err.toString()).isEqualTo("linestore: internal error: java.lang.InternalError: a fault occurred"
                + " in an unsafe memory access operation" + System.lineSeparator());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "read STORE 0",
        "read STORE 0 1 2",
        "read STORE 0 1 --number",
        "read --reader=mmap STORE 0 1",
        "--verbose read STORE 0 1",
        "read STORE -1 1",
        "read STORE 0 -1",
        "read -- STORE 0",
        "read @arguments 0 1",
        "read STORE ten 1",
        "read STORE 0 1.5",
        "read STORE 99999999999999999999 1",
        "READ STORE 0 1",
        "info STORE 0 1"})
    void everyOtherCommandLineIsPicoclis(String line) {
        assertThat(PlainRead.of(line.split(" "))).isEmpty();
    }

    @Test
    void anEmptyArgumentIsPicoclis() {
        assertThat(PlainRead.of("read", "", "0", "1")).isEmpty();
    }

    private static Cli.Result assertSameAsPicocli(String... args) {
        assertThat(PlainRead.of(args)).as("a plain read: %s", List.of(args)).isPresent();
        Cli.Result plain = Cli.run(new ByteArrayOutputStream(), args);
        Cli.Result picocli = Cli.runThroughPicocli(new ByteArrayOutputStream(), args);

        assertThat(plain.exitCode()).as("exit code of %s", List.of(args)).isEqualTo(picocli.exitCode());
        assertThat(plain.stdout()).as("standard output of %s", List.of(args)).isEqualTo(picocli.stdout());
        assertThat(plain.err()).as("errors of %s", List.of(args)).isEqualTo(picocli.err());
        assertThat(plain.out()).isEqualTo(picocli.out());
        assertThat(plain.stderr()).isEqualTo(picocli.stderr());
        return plain;
    }
}
