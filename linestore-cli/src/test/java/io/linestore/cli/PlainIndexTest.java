package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.cli.common.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A plain {@code index FILE}, run without picocli, writes the sidecar, prints, reports and exits as
 * picocli's run of the same command line: every case runs both ways, each on a copy of the file, and
 * compares the sidecar's files, standard output (but for the time taken), the error text and the exit
 * code. Every other command line is left to picocli.
 * Alone: one case sets picocli's switches for the whole process, which other classes' commands read.
 */
@Isolated
class PlainIndexTest {

    /** The part of {@code indexed FILE: ...} that differs from run to run. */
    private static final String TIMES = "[0-9.]+ s, [0-9.]+ MB/s";

    @TempDir
    Path tmp;

    @Test
    void indexesOfATextAndAGzipFileEqualPicocliRuns() throws IOException {
        Path text = TestStores.writeText(tmp);
        Path gzip = TestStores.gzipFile(tmp);
        for (Path file : List.of(text, gzip)) {
            Runs runs = bothWays(file, new ByteArrayOutputStream(), new ByteArrayOutputStream());

            assertThat(runs.plain().exitCode()).as(runs.plain().err()).isZero();
            assertThat(stdout(runs.plain())).startsWith("indexed ").contains(TestStores.LINE_COUNT + " lines");
            assertThat(sidecar(runs.plainFile())).as("sidecar of %s", file)
                    .containsExactlyEntriesOf(sidecar(runs.picocliFile()));
            assertThat(info(runs.plainFile())).isEqualTo(info(runs.picocliFile()));
            assertThat(Cli.run("read", runs.plainFile().toString(), "123", "2").stdout())
                    .isEqualTo(TestStores.joined(TestStores.lines().subList(123, 125)));
        }
    }

    @Test
    void failuresAreReportedAsPicocliReportsThem() throws IOException {
        Path directory = Files.createDirectory(tmp.resolve("a-directory"));
        Path cut = tmp.resolve("cut.gz");
        byte[] gzip = Files.readAllBytes(TestStores.gzipFile(tmp));
        Files.write(cut, Arrays.copyOf(gzip, gzip.length - 5));

        for (Path file : List.of(tmp.resolve("nowhere"), directory, cut)) {
            Cli.Result plain = Cli.runOnStandardOutput(new ByteArrayOutputStream(), true, "index", file.toString());
            Cli.Result picocli = Cli.runOnStandardOutput(new ByteArrayOutputStream(), false, "index", file.toString());

            assertThat(PlainIndex.of("index", file.toString())).isPresent();
            assertThat(plain).usingRecursiveComparison().isEqualTo(picocli);
            assertThat(plain.exitCode()).isEqualTo(ExitCodes.FAILURE);
            assertThat(plain.err()).startsWith("linestore index: ").hasLineCount(1);
        }
    }

    @Test
    void outputThatCannotBeWrittenEndsAsWithPicocli() throws IOException {
        Path text = TestStores.writeText(tmp);
        for (String problem : List.of("Broken pipe", "No space left on device")) {
            Runs runs = bothWays(text, new FailingOutput(problem), new FailingOutput(problem));

            assertThat(runs.plain().exitCode()).as(problem).isEqualTo(runs.picocli().exitCode());
            assertThat(runs.plain().err()).as(problem).isEqualTo(runs.picocli().err().replace(
                    runs.picocliFile().toString(), runs.plainFile().toString()));
        }
        assertThat(Cli.runOnStandardOutput(new FailingOutput("No space left on device"), true, "index",
                text.toString()).exitCode()).isEqualTo(ExitCodes.FAILURE);
    }

    /** With picocli told to trim quotes or trace, picocli reads every command line. */
    @Test
    void picoclisSwitchesLeaveEveryIndexToPicocli() {
        for (String property : List.of("picocli.trimQuotes", "picocli.trace")) {
            System.setProperty(property, "false");
            try {
                assertThat(PlainIndex.of("index", "file.txt")).as(property).isEmpty();
            } finally {
                System.clearProperty(property);
            }
        }
        assertThat(PlainIndex.of("index", "file.txt")).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "index",
        "index FILE --span 2MiB",
        "index FILE --fsync",
        "index --fsync FILE",
        "index -h",
        "index -",
        "index --help",
        "index -V",
        "index --",
        "index @arguments",
        "index s3://bucket/logs.gz",
        "index https://example.com/logs.gz",
        "--verbose index FILE",
        "INDEX FILE",
        "read FILE"})
    void everyOtherCommandLineIsPicoclis(String line) {
        assertThat(PlainIndex.of(line.split(" "))).isEmpty();
    }

    /** A local path with {@code ://} in it is a file, not a URI. */
    @Test
    void aPathThatIsNoUriIsIndexedWithoutPicocli() {
        assertThat(PlainIndex.of("index", "./logs://today.gz")).isPresent();
    }

    @Test
    void anEmptyArgumentIsPicoclis() {
        assertThat(PlainIndex.of("index", "")).isEmpty();
    }

    /** The two runs of {@code index} on two copies of a file: without picocli, and through it. */
    private record Runs(Path plainFile, Cli.Result plain, Path picocliFile, Cli.Result picocli) {
    }

    /**
     * Indexes a copy of {@code file} as {@link Main} does (without picocli) and another through picocli,
     * each printing to its standard output, and checks that they printed the same but for the file's
     * name and the time taken.
     */
    private Runs bothWays(Path file, OutputStream plainOut, OutputStream picocliOut) throws IOException {
        Path plainFile = Files.copy(file, Files.createTempDirectory(tmp, "plain").resolve(file.getFileName()));
        Path picocliFile = Files.copy(file, Files.createTempDirectory(tmp, "picocli").resolve(file.getFileName()));
        assertThat(PlainIndex.of("index", plainFile.toString())).isPresent();
        Cli.Result plain = Cli.runOnStandardOutput(plainOut, true, "index", plainFile.toString());
        Cli.Result picocli = Cli.runOnStandardOutput(picocliOut, false, "index", picocliFile.toString());

        assertThat(plain.exitCode()).isEqualTo(picocli.exitCode());
        assertThat(stdout(plain).replace(plainFile.toString(), "FILE").replaceAll(TIMES, "T"))
                .isEqualTo(stdout(picocli).replace(picocliFile.toString(), "FILE").replaceAll(TIMES, "T"));
        assertThat(plain.stderr()).isEqualTo(picocli.stderr());
        return new Runs(plainFile, plain, picocliFile, picocli);
    }

    private static String stdout(Cli.Result result) {
        return new String(result.stdout(), StandardCharsets.UTF_8);
    }

    /**
     * The files of a file's sidecar index and their sizes, by relative path, but its manifest (which
     * {@link #info} compares): their bytes differ, as each index carries an identity of its own.
     */
    private static Map<String, Long> sidecar(Path file) throws IOException {
        Path sidecar = file.resolveSibling(file.getFileName() + ".lsidx");
        Map<String, Long> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(sidecar)) {
            walk.filter(Files::isRegularFile).filter(path -> !path.endsWith("manifest.json")).forEach(path -> {
                try {
                    files.put(sidecar.relativize(path).toString(), Files.size(path));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return files;
    }

    /** What {@code info --json} says of an indexed file, its name left out. */
    private static String info(Path file) {
        Cli.Result info = Cli.run("info", file.toString(), "--json");
        assertThat(info.exitCode()).as(info.err()).isZero();
        return info.out().replace(file.toString(), "FILE");
    }
}
