package io.linestore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Read options keep what the builder was given, default to the provider's network settings, and name a bad value. */
class ReadOptionsTest {

    @Test
    void networkTimeoutDeadlineAndRetriesDefaultToTheProvidersSettings() {
        ReadOptions defaults = ReadOptions.of(ReadMethod.MMAP);
        assertThat(defaults.remoteTimeout()).isNull();
        assertThat(defaults.remoteDeadline()).isNull();
        assertThat(defaults.remoteRetries()).isEqualTo(ReadOptions.SETTINGS_RETRIES);
        ReadOptions set = ReadOptions.builder().remoteTimeout(Duration.ofMillis(1500))
                .remoteDeadline(Duration.ofSeconds(3)).remoteRetries(0).build();
        assertThat(set.remoteTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(set.remoteDeadline()).isEqualTo(Duration.ofSeconds(3));
        assertThat(set.remoteRetries()).isZero();
    }

    @Test
    void aSidecarIndexIsBesideTheFileUnlessGiven() {
        assertThat(ReadOptions.of(ReadMethod.AUTO).sidecarIndex()).isNull();
        URI index = URI.create("https://host/indexes/events.jsonl.lsidx");
        assertThat(ReadOptions.builder().sidecarIndex(index).build().sidecarIndex()).isEqualTo(index);
    }

    @Test
    void aTimeoutOrDeadlineThatIsNotPositiveOrRetriesBelowZeroAreRefusedByName() {
        assertThatThrownBy(() -> ReadOptions.builder().remoteTimeout(Duration.ZERO).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("remoteTimeout must be positive: PT0S");
        assertThatThrownBy(() -> ReadOptions.builder().remoteTimeout(Duration.ofSeconds(-1)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("remoteTimeout");
        assertThatThrownBy(() -> ReadOptions.builder().remoteDeadline(Duration.ZERO).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("remoteDeadline must be positive: PT0S");
        assertThatThrownBy(() -> ReadOptions.builder().remoteRetries(-2).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("remoteRetries must be >= 0: -2");
    }
}
