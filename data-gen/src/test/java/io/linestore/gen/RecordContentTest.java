package io.linestore.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.Deflater;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Log and JSON content: still self-checking, of the lengths the distribution draws, ASCII, shaped
 * like records, and compressible as such text is, unlike random characters.
 */
class RecordContentTest {

    private static final int LINES = 20_000;

    private static byte[] generate(ContentKind content, long seed) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Generator.builder().lines(LINES).seed(seed).lengths(LengthDistribution.parse("lognormal:120:0.6"))
                .emptyRatio(0.01).content(content).build().writeTo(out);
        return out.toByteArray();
    }

    private static List<String> lines(byte[] text) {
        return new String(text, StandardCharsets.US_ASCII).lines().toList();
    }

    /** The content changes what a line holds, never how long it is: the same seed gives the same lengths. */
    @ParameterizedTest
    @EnumSource(value = ContentKind.class, names = {"LOG", "JSON"})
    void everyLineChecksAndHasTheLengthOfTheRandomContentsLine(ContentKind content) throws IOException {
        List<String> records = lines(generate(content, 5));
        List<String> random = lines(generate(ContentKind.RANDOM, 5));

        assertThat(records).hasSize(LINES);
        for (int i = 0; i < LINES; i++) {
            assertThat(LineCheck.verify(i, records.get(i))).as("line %d: %s", i, records.get(i)).isTrue();
            assertThat(records.get(i)).as("line %d", i).hasSameSizeAs(random.get(i)).matches("[\\x20-\\x7e]*");
        }
    }

    @Test
    void logLinesAreLogRecordsWhoseTimesGrowWithTheLineNumber() throws IOException {
        List<String> lines = lines(generate(ContentKind.LOG, 9));
        String previous = "";
        for (int i = 0; i < LINES; i++) {
            String line = lines.get(i);
            if (line.isEmpty()) {
                continue;
            }
            String payload = line.substring(line.indexOf(' ') + 1);
            if (payload.length() < 24 + LineFrame.SUFFIX_BYTES) {
                // Too short for a whole timestamp: cut in it.
                continue;
            }
            assertThat(payload).as("line %d", i).matches("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z.*");
            String time = payload.substring(0, 24);
            assertThat(time).as("line %d", i).isGreaterThan(previous);
            previous = time;
        }
        assertThat(String.join("\n", lines)).contains(" INFO [worker-", " WARN [", " ERROR [", " - user ");
    }

    @Test
    void jsonLinesStartWithARecordInKeyOrder() throws IOException {
        for (String line : lines(generate(ContentKind.JSON, 9))) {
            if (!line.isEmpty() && line.length() > 120) {
                assertThat(line.substring(line.indexOf(' ') + 1))
                        .matches("^\\{\"ts\":\"\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z\",\"level\":\"[A-Z]+\",\"service\":\".*");
            }
        }
    }

    /**
     * What the content is for: log and JSON text deflates to a fraction, random characters (slices of
     * a 64 KiB pool, of which deflate's 32 KiB window sees a part) to over half.
     */
    @Test
    void recordsCompressLikeTextAndRandomContentDoesNot() throws IOException {
        double random = deflated(generate(ContentKind.RANDOM, 3));
        double log = deflated(generate(ContentKind.LOG, 3));
        double json = deflated(generate(ContentKind.JSON, 3));

        assertThat(log).as("log, random %.3f", random).isLessThan(0.35).isLessThan(random / 2);
        assertThat(json).as("json, random %.3f", random).isLessThan(0.35).isLessThan(random / 2);
        assertThat(random).as("random").isGreaterThan(0.5);
    }

    @Test
    void recordContentIsAsciiAndRefusesAnotherCharset() {
        assertThatThrownBy(() -> Generator.builder().lines(1).content(ContentKind.LOG).charset(ContentCharset.UTF8)
                .build()).hasMessageContaining("log content is ASCII");
    }

    /** The compressed size over the original, at Deflater's default level. */
    private static double deflated(byte[] text) {
        Deflater deflater = new Deflater(6);
        try {
            deflater.setInput(text);
            deflater.finish();
            byte[] out = new byte[text.length + 1024];
            int total = 0;
            while (!deflater.finished()) {
                total += deflater.deflate(out);
            }
            return (double) total / text.length;
        } finally {
            deflater.end();
        }
    }
}
