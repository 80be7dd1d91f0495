// SPDX-License-Identifier: MIT
import TactusDaemon

Tactusd.main()
