package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ReadCommandTest {

    @TempDir
    Path tmp;

    static Stream<Arguments> storesAndReaders() {
        return Stream.of("single", "sharded").flatMap(layout -> Stream.of(
                        "buffered-reader", "random-access-file", "file-channel", "mmap", "auto")
                .map(reader -> Arguments.of(layout, reader)));
    }

    private Path store(String layout) {
        return layout.equals("single") ? TestStores.single(tmp) : TestStores.sharded(tmp);
    }

    @ParameterizedTest(name = "{0} store, {1}")
    @MethodSource("storesAndReaders")
    void writesTheStoredBytesOfEachLineFollowedByANewline(String layout, String reader) {
        Path store = store(layout);

        Cli.Result result = Cli.run("read", store.toString(), "40", "130", "--reader", reader);

        assertThat(result.exitCode()).isZero();
        assertThat(result.err()).isEmpty();
        assertThat(result.stdout()).isEqualTo(TestStores.joined(TestStores.lines().subList(40, 170)));
    }

    @Test
    void numbersLinesWithATab() {
        Path store = TestStores.single(tmp);

        Cli.Result result = Cli.run("read", store.toString(), "10", "3", "--number");

        assertThat(result.stdoutText()).isEqualTo("10\tline 10\n11\t\n12\ttab\there 12\n");
    }

    @Test
    void stopsAtTheEndOfTheStore() {
        Path store = TestStores.single(tmp);

        Cli.Result result = Cli.run("read", store.toString(), "498", "1000000000000");

        assertThat(result.exitCode()).isZero();
        assertThat(result.stdout()).isEqualTo(TestStores.joined(TestStores.lines().subList(498, 500)));
    }

    @Test
    void anOffsetPastTheEndWritesNothing() {
        Path store = TestStores.single(tmp);

        Cli.Result result = Cli.run("read", store.toString(), String.valueOf(Long.MAX_VALUE), "10");

        assertThat(result.exitCode()).isZero();
        assertThat(result.stdout()).isEmpty();
    }

    @Test
    void aNegativeOffsetIsBadUsageNamingTheValue() {
        Cli.Result result = Cli.run("read", TestStores.single(tmp).toString(), "-3", "10");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("OFFSET", "-3").hasLineCount(1);
        assertThat(result.stdout()).isEmpty();
    }

    @Test
    void aNegativeSizeIsBadUsageNamingTheValue() {
        Cli.Result result = Cli.run("read", TestStores.single(tmp).toString(), "3", "-10");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("SIZE", "-10").hasLineCount(1);
    }

    @Test
    void aNonNumericOffsetIsBadUsageNamingTheValue() {
        Cli.Result result = Cli.run("read", "store", "ten", "10");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("OFFSET", "'ten'").hasLineCount(1);
    }

    @Test
    void anUnknownReaderIsBadUsageListingTheChoices() {
        Cli.Result result = Cli.run("read", "store", "0", "1", "--reader", "telepathy");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("'telepathy'", "buffered-reader", "mmap").hasLineCount(1);
    }

    @Test
    void anUnknownOptionIsBadUsage() {
        Cli.Result result = Cli.run("read", "store", "0", "1", "--colour");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).contains("'--colour'").hasLineCount(1);
    }

    @Test
    void aMissingStoreIsAFailureNamingThePathWithoutAStackTrace() {
        Path missing = tmp.resolve("nowhere");

        Cli.Result result = Cli.run("read", missing.toString(), "0", "1");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).startsWith("linestore read: ").contains(missing.toString()).hasLineCount(1);
    }

    @Test
    void verboseAddsTheStackTrace() {
        Path missing = tmp.resolve("nowhere");

        Cli.Result result = Cli.run("--verbose", "read", missing.toString(), "0", "1");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains(missing.toString(), "\tat ");
    }

    @Test
    void aClosedPipeEndsQuietlyWithSuccess() {
        Path store = TestStores.single(tmp);

        Cli.Result result = Cli.run(new FailingOutput("Broken pipe"), "read", store.toString(), "0", "500");

        assertThat(result.exitCode()).isZero();
        assertThat(result.err()).isEmpty();
    }

    @Test
    void anyOtherWriteFailureIsAFailure() {
        Path store = TestStores.single(tmp);

        Cli.Result result = Cli.run(new FailingOutput("No space left on device"), "read", store.toString(), "0", "500");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains("standard output", "No space left on device").hasLineCount(1);
    }

    @Test
    void readsAcrossShards() {
        Path store = TestStores.sharded(tmp);
        List<byte[]> lines = TestStores.lines();

        Cli.Result result = Cli.run("read", store.toString(), "0", String.valueOf(lines.size()));

        assertThat(result.stdout()).isEqualTo(TestStores.joined(lines));
    }
}
