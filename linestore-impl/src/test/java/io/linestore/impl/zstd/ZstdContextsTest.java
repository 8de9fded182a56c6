package io.linestore.impl.zstd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.DataFormatException;
import org.junit.jupiter.api.Test;

/**
 * zstd contexts belong to their owner, not to the threads that decode: however many threads decode
 * (10,000 virtual threads here), at most a few contexts stay allocated while the owner lives, and
 * none once it is closed.
 */
class ZstdContextsTest {

    @Test
    void tenThousandVirtualThreadsLeaveAtMostTheIdleContextsAndCloseFreesThem() throws Exception {
        SplittableRandom random = new SplittableRandom(11);
        byte[] text = new byte[64 << 10];
        for (int i = 0; i < text.length; i++) {
            text[i] = (byte) ('a' + random.nextInt(20));
        }
        byte[] frame = Zstd.compress(text, 3);
        ZstdContexts contexts = new ZstdContexts();
        ZstdFrames frames = new ZstdFrames(contexts);
        List<Future<byte[]>> decoded = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 10_000; i++) {
                decoded.add(threads.submit(() -> {
                    byte[] out = new byte[text.length];
                    frames.decode(0, frame, frame.length, out);
                    return out;
                }));
            }
        }
        for (Future<byte[]> result : decoded) {
            assertThat(Arrays.equals(result.get(), text)).isTrue();
        }
        assertThat(contexts.open()).isBetween(1, ZstdContexts.MAX_IDLE);

        contexts.close();

        assertThat(contexts.open()).isZero();
        assertThatThrownBy(() -> frames.decode(0, frame, frame.length, new byte[text.length]))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    @Test
    void aContextInUseWhenTheOwnerClosesIsFreedWhenGivenBack() throws DataFormatException {
        byte[] frame = Zstd.compress("a line\n".getBytes(), 1);
        ZstdContexts contexts = new ZstdContexts();
        contexts.<Void, DataFormatException>with(context -> {
            contexts.close();
            assertThat(contexts.open()).as("the context in use is not freed under its user").isEqualTo(1);
            byte[] out = new byte[7];
            assertThat(context.decompressByteArray(out, 0, 7, frame, 0, frame.length)).isEqualTo(7);
            return null;
        });
        assertThat(contexts.open()).isZero();
    }
}
