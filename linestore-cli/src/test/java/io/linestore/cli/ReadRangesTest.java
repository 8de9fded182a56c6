package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code linestore read STORE --ranges FILE|-}: many requests for one start. */
class ReadRangesTest {

    @TempDir
    Path tmp;

    private Path store(String layout) {
        return switch (layout) {
            case "single" -> TestStores.single(tmp);
            case "sharded" -> TestStores.sharded(tmp);
            default -> TestStores.gzipFile(tmp);
        };
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static Stream<Arguments> layoutsAndSeeds() {
        // A gzip file's requests are read several at once, one per core.
        return Stream.of("single", "sharded", "gzip").flatMap(layout -> LongStream.range(0, 3)
                .mapToObj(seed -> Arguments.of(layout, seed)));
    }

    @ParameterizedTest(name = "{0} store, seed {1}")
    @MethodSource("layoutsAndSeeds")
    void answersLikeOneReadPerRequestInOrder(String layout, long seed) {
        Path store = store(layout);
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder requests = new StringBuilder();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (int i = 0; i < 200; i++) {
            long offset = random.nextInt(TestStores.LINE_COUNT + 20);
            long size = random.nextInt(30);
            requests.append(random.nextBoolean() ? offset + " " + size : " " + offset + "\t " + size + " ").append('\n');
            expected.writeBytes(Cli.run("read", store.toString(), String.valueOf(offset), String.valueOf(size),
                    "--number").stdout());
        }

        Cli.Result result = Cli.run(bytes(requests.toString()), "read", store.toString(), "--ranges", "-", "--number");

        assertThat(result.exitCode()).as("seed %d", seed).isZero();
        assertThat(result.err()).as("seed %d", seed).isEmpty();
        assertThat(result.stdout()).as("seed %d", seed).isEqualTo(expected.toByteArray());
    }

    @Test
    void readsRequestsFromAFileWithSuffixesAndBlankLines() throws IOException {
        Path store = TestStores.single(tmp);
        Path requests = Files.writeString(tmp.resolve("requests.txt"), "40 3\n\n1k 5\n0 1");

        Cli.Result result = Cli.run("read", store.toString(), "--ranges", requests.toString());

        assertThat(result.exitCode()).isZero();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.writeBytes(TestStores.joined(TestStores.lines().subList(40, 43)));
        expected.writeBytes(TestStores.joined(TestStores.lines().subList(0, 1)));
        assertThat(result.stdout()).isEqualTo(expected.toByteArray());
    }

    @Test
    void stopsAtTheFirstBadRequestAfterAnsweringThoseBefore() {
        Path store = TestStores.single(tmp);

        Cli.Result result = Cli.run(bytes("0 2\nten 3\n5 1\n"), "read", store.toString(), "--ranges", "-");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.stdout()).isEqualTo(TestStores.joined(TestStores.lines().subList(0, 2)));
        assertThat(result.err()).startsWith("linestore read: standard input, line 2: bad count 'ten'").hasLineCount(1);
    }

    @Test
    void keepGoingSkipsBadRequestsNamingEachAndStillExitsTwo() {
        Path store = TestStores.single(tmp);

        Cli.Result result = Cli.run(bytes("0 2\n1 2 3\n5 1\n-4 1\n"), "read", store.toString(), "--ranges", "-",
                "--keep-going");

        assertThat(result.exitCode()).isEqualTo(2);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.writeBytes(TestStores.joined(TestStores.lines().subList(0, 2)));
        expected.writeBytes(TestStores.joined(TestStores.lines().subList(5, 6)));
        assertThat(result.stdout()).isEqualTo(expected.toByteArray());
        assertThat(result.err().lines()).containsExactly(
                "linestore read: standard input, line 2: expected OFFSET SIZE, got '1 2 3'",
                "linestore read: standard input, line 4: bad count '-4': expected a whole number with an optional"
                        + " suffix k, M, G or T (decimal)");
    }

    @Test
    void flushFlushesEachAnswer() {
        Path store = TestStores.single(tmp);
        CountingFlushes out = new CountingFlushes();

        Cli.Result result = Cli.run(bytes("0 1\n1 1\n2 1\n"), out, "read", store.toString(), "--ranges", "-", "--flush");

        assertThat(result.exitCode()).isZero();
        assertThat(out.flushes).isGreaterThanOrEqualTo(3);
        assertThat(out.written.toByteArray()).isEqualTo(TestStores.joined(TestStores.lines().subList(0, 3)));
    }

    @Test
    void withoutFlushAnswersAreWrittenInOneGo() {
        Path store = TestStores.single(tmp);
        CountingFlushes out = new CountingFlushes();

        Cli.run(bytes("0 1\n1 1\n2 1\n"), out, "read", store.toString(), "--ranges", "-");

        assertThat(out.flushes).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "--ranges - 0 1", "0 1 --flush", "0 1 --keep-going", "0"})
    void rangesAndOffsetSizeAreEitherOr(String args) {
        String[] command = ("read " + TestStores.single(tmp) + (args.isEmpty() ? "" : " " + args)).split(" ");

        Cli.Result result = Cli.run(command);

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("linestore read: ").hasLineCount(1);
    }

    /** Requests end at {@code \n} alone: a lone {@code \r} inside a line does not make two requests of it. */
    @Test
    void aLoneCarriageReturnDoesNotSplitARequest() {
        Path store = TestStores.single(tmp);

        Cli.Result result = Cli.run(bytes("7 1\r8 1\n9 1\r\n"), "read", store.toString(), "--ranges", "-");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.stdout()).isEmpty();
        assertThat(result.err()).startsWith("linestore read: standard input, line 1: control character U+000D in"
                + " request '7 1\\u000d8 1'")
                .hasLineCount(1);
    }

    /** A request line ended by {@code \r\n} is read as the same request. */
    @Test
    void aRequestEndedByCarriageReturnAndNewlineIsRead() {
        Path store = TestStores.single(tmp);

        Cli.Result result = Cli.run(bytes("9 1\r\n"), "read", store.toString(), "--ranges", "-");

        assertThat(result.exitCode()).isZero();
        assertThat(result.stdout()).isEqualTo(TestStores.joined(TestStores.lines().subList(9, 10)));
    }

    /** A folder given as the request file is named, with what went wrong. */
    @Test
    void aFolderAsTheRangesFileIsAFailureNamingIt() {
        Cli.Result result = Cli.run("read", TestStores.single(tmp).toString(), "--ranges", tmp.toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).startsWith("linestore read: cannot read requests from " + tmp + ": ")
                .hasLineCount(1);
    }

    @Test
    void aMissingRangesFileIsAFailureNamingIt() {
        Path missing = tmp.resolve("no-requests.txt");

        Cli.Result result = Cli.run("read", TestStores.single(tmp).toString(), "--ranges", missing.toString());

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).isEqualTo("linestore read: no such file or directory: " + missing
                + System.lineSeparator());
    }

    /** Records what was written and how often it was flushed. */
    private static final class CountingFlushes extends OutputStream {
        final ByteArrayOutputStream written = new ByteArrayOutputStream();
        int flushes;

        @Override
        public void write(int b) {
            written.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            written.write(b, off, len);
        }

        @Override
        public void flush() {
            flushes++;
        }
    }
}
