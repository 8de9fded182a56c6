package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.CorruptStoreException;
import io.linestore.impl.read.PromisedLines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What one GET fetches and what its answer must be; the check of the lines themselves is
 * {@link PromisedLines}'s, tested in linestore-impl.
 */
class RangeGetTest {

    private static final Path OBJECT = Path.of("bucket", "g1", "data.lines");
    private static final byte[] DATA = "a\nbb\r\n\nc\rd\n".getBytes(StandardCharsets.US_ASCII);
    private static final PromisedLines SHARD = new PromisedLines(OBJECT, Path.of("bucket", "g1", "data.idx"), 4,
            DATA.length, false);

    @Test
    void fetchesTheByteBeforeTheFirstEntryAndVisitsStoreLineNumbers() {
        RangeGet get = new RangeGet(OBJECT, new long[] {6, 7, 11}, 2, 1, 2, 4);
        assertThat(get.fetchFrom()).isEqualTo(5);
        assertThat(get.fetchTo()).isEqualTo(11);
        List<String> lines = new ArrayList<>();
        get.split(Arrays.copyOfRange(DATA, 5, 11), SHARD, 100,
                (n, b) -> lines.add(n + ":" + StandardCharsets.UTF_8.decode(b)));
        assertThat(lines).containsExactly("102:", "103:c\rd");
        assertThat(new RangeGet(OBJECT, new long[] {0, 11}, 0, 0, 0, 4).fetchFrom()).isZero();
    }

    @Test
    void aShortAnswerIsCorrupt() {
        RangeGet get = new RangeGet(OBJECT, new long[] {0, 2, 6}, 0, 1, 0, 2);
        assertThatThrownBy(() -> get.split(Arrays.copyOfRange(DATA, 0, 5), SHARD, 0, (n, b) -> { }))
                .isInstanceOf(CorruptStoreException.class).hasMessageContaining(OBJECT.toString())
                .hasMessageContaining("a GET of bytes [0, 6) returned 5 bytes");
    }
}
