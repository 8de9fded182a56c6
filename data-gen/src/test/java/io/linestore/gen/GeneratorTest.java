package io.linestore.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class GeneratorTest {

    /** Every combination of the options that shape lines and their ends. */
    static Stream<Arguments> shapes() {
        List<Arguments> shapes = new ArrayList<>();
        for (ContentCharset charset : ContentCharset.values()) {
            for (LineEnding ending : LineEnding.values()) {
                for (boolean finalNewline : new boolean[] {true, false}) {
                    for (double emptyRatio : new double[] {0, 0.3, 1}) {
                        shapes.add(Arguments.of(charset, ending, finalNewline, emptyRatio));
                    }
                }
            }
        }
        return shapes.stream();
    }

    private static Generator.Builder shaped(ContentCharset charset, LineEnding ending, boolean finalNewline,
            double emptyRatio) {
        return Generator.builder().seed(7).charset(charset).lineEnding(ending).finalNewline(finalNewline)
                .emptyRatio(emptyRatio).lengths(LengthDistribution.logNormal(40, 1));
    }

    private static byte[] bytes(Generator generator) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long written = generator.writeTo(out);
        assertThat(written).isEqualTo(out.size());
        return out.toByteArray();
    }

    private static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void sameSeedGivesTheSameBytesForEveryThreadCountAndTarget(@TempDir Path dir) throws Exception {
        Generator.Builder builder = Generator.builder().lines(40_000).seed(42).lineEnding(LineEnding.MIXED)
                .charset(ContentCharset.UTF8).emptyRatio(0.1);
        byte[] single = bytes(builder.threads(1).build());
        byte[] parallel = bytes(builder.threads(3).build());
        Path file = dir.resolve("lines.txt");
        builder.threads(2).build().writeTo(file);

        assertThat(single.length).isGreaterThan(2 * Block.TARGET_BYTES);
        assertThat(sha256(parallel)).isEqualTo(sha256(single));
        assertThat(sha256(Files.readAllBytes(file))).isEqualTo(sha256(single));
    }

    @Test
    void differentSeedsGiveDifferentBytes() throws Exception {
        Generator.Builder builder = Generator.builder().lines(1_000);
        assertThat(sha256(bytes(builder.seed(1).build()))).isNotEqualTo(sha256(bytes(builder.seed(2).build())));
    }

    @Test
    void writingToAFileReplacesItsContent(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("lines.txt");
        Files.writeString(file, "x".repeat(100_000));
        Generator generator = Generator.builder().lines(3).build();

        long written = generator.writeTo(file);

        assertThat(Files.size(file)).isEqualTo(written).isEqualTo(generator.byteCount());
    }

    @ParameterizedTest(name = "{0} {1} finalNewline={2} empty={3}")
    @MethodSource("shapes")
    void everyWrittenLineIsItsExpectedLineAndVerifies(ContentCharset charset, LineEnding ending,
            boolean finalNewline, double emptyRatio) throws IOException {
        Generator generator = shaped(charset, ending, finalNewline, emptyRatio).lines(1_500).threads(2).build();

        List<byte[]> lines = ReferenceLines.split(bytes(generator));

        assertThat(lines).hasSize(1_500);
        for (int i = 0; i < lines.size(); i++) {
            assertThat(lines.get(i)).as("line %d", i).isEqualTo(generator.expectedLineBytes(i));
            assertThat(LineCheck.verify(i, new String(lines.get(i), StandardCharsets.UTF_8))).as("line %d", i).isTrue();
        }
    }

    @ParameterizedTest(name = "{0} {1} finalNewline={2} empty={3}")
    @MethodSource("shapes")
    void linesGivesExactlyThatManyLines(ContentCharset charset, LineEnding ending, boolean finalNewline,
            double emptyRatio) throws IOException {
        for (long count : new long[] {0, 1, 2, 17}) {
            Generator generator = shaped(charset, ending, finalNewline, emptyRatio).lines(count).build();
            byte[] bytes = bytes(generator);

            assertThat(ReferenceLines.split(bytes)).as("%d lines", count).hasSize((int) count);
            assertThat(bytes.length > 0 && bytes[bytes.length - 1] == '\n').isEqualTo(count > 0 && finalNewline);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"fixed:21", "uniform:21:400", "normal:100:30", "lognormal:60:1.2"})
    void sizeLandsWithinOnePercent(String lengths) throws IOException {
        long target = 2_000_000;
        Generator generator = Generator.builder().size(target).lengths(LengthDistribution.parse(lengths))
                .lineEnding(LineEnding.CRLF).emptyRatio(0.05).build();

        byte[] bytes = bytes(generator);

        assertThat((double) bytes.length).isCloseTo(target, within(target * 0.01));
        assertThat(ReferenceLines.split(bytes)).hasSize((int) generator.lineCount());
    }

    @Test
    void noContentHoldsACarriageReturnOrLineFeed() throws IOException {
        Generator generator = Generator.builder().lines(5_000).charset(ContentCharset.UTF8)
                .lineEnding(LineEnding.MIXED).build();

        for (byte[] line : ReferenceLines.split(bytes(generator))) {
            assertThat(line).doesNotContain((byte) '\r', (byte) '\n');
        }
    }

    @Test
    void utf8ContentHoldsCharactersOfEveryLengthAndRoundTrips() throws IOException {
        Generator generator = Generator.builder().lines(200).charset(ContentCharset.UTF8).build();
        String text = new String(bytes(generator), StandardCharsets.UTF_8);

        assertThat(text.getBytes(StandardCharsets.UTF_8)).isEqualTo(bytes(generator));
        assertThat(text).doesNotContain("\uFFFD");
        assertThat(text.codePoints().map(cp -> Character.toString(cp).getBytes(StandardCharsets.UTF_8).length).distinct())
                .containsExactlyInAnyOrder(1, 2, 3, 4);
    }

    @Test
    void asciiContentIsPrintableAscii() throws IOException {
        for (byte[] line : ReferenceLines.split(bytes(Generator.builder().lines(1_000).build()))) {
            for (byte b : line) {
                assertThat(b).isBetween((byte) 0x20, (byte) 0x7E);
            }
        }
    }

    @Test
    void lengthsFollowTheDistributionAndNeverFallBelowTheFrame() {
        Generator fixed = Generator.builder().lines(500).lengths(LengthDistribution.fixed(50)).build();
        Generator tiny = Generator.builder().lines(500).lengths(LengthDistribution.fixed(3)).build();
        Generator uniform = Generator.builder().lines(500).lengths(LengthDistribution.uniform(30, 40))
                .charset(ContentCharset.UTF8).build();

        for (int i = 0; i < 500; i++) {
            assertThat(fixed.expectedLineBytes(i)).hasSize(50);
            assertThat(tiny.expectedLineBytes(i)).hasSize(21);
            assertThat(uniform.expectedLineBytes(i).length).isBetween(30, 40);
        }
    }

    @Test
    void emptyLinesAppearAtTheChosenRatio() {
        Generator generator = Generator.builder().lines(20_000).emptyRatio(0.25).build();

        long empty = 0;
        for (int i = 0; i < 20_000; i++) {
            empty += generator.expectedLineBytes(i).length == 0 ? 1 : 0;
        }

        assertThat(empty / 20_000.0).isCloseTo(0.25, within(0.02));
    }

    @Test
    void theLastLineIsNeverEmptyWithoutAFinalNewline() {
        Generator generator = Generator.builder().lines(10).emptyRatio(1).finalNewline(false).build();

        assertThat(generator.expectedLine(8)).isEmpty();
        assertThat(generator.expectedLine(9)).startsWith("0000000009 ");
    }

    @Test
    void expectedLineWorksFarBeyondTenBillionLines() {
        Generator generator = Generator.builder().lines(20_000_000_000L).build();

        String line = generator.expectedLine(12_345_678_901L);

        assertThat(line).startsWith("12345678901 ");
        assertThat(LineCheck.verify(12_345_678_901L, line)).isTrue();
    }

    @Test
    void expectedLineRejectsNumbersOutsideTheOutput() {
        Generator generator = Generator.builder().lines(10).build();

        assertThatThrownBy(() -> generator.expectedLine(10)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> generator.expectedLine(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void badOptionsAreRejectedByName() {
        assertThatThrownBy(() -> Generator.builder().lines(-1).build()).hasMessage("line count -1 is negative");
        assertThatThrownBy(() -> Generator.builder().size(-5).build()).hasMessage("size -5 is negative");
        assertThatThrownBy(() -> Generator.builder().build()).hasMessage("set a line count or a size");
        assertThatThrownBy(() -> Generator.builder().lines(1).emptyRatio(1.5).build())
                .hasMessage("empty ratio 1.5 is outside [0, 1]");
        assertThatThrownBy(() -> Generator.builder().lines(1).threads(0).build())
                .hasMessage("threads 0 is less than 1");
    }
}
