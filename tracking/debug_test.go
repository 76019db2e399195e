package tracking

import (
	"fmt"
	"os"
)

func init() {
	if os.Getenv("TRACKDEBUG") != "" {
		debugf = func(format string, args ...any) { fmt.Printf(format+"\n", args...) }
	}
}
